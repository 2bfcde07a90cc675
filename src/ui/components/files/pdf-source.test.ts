import { describe, expect, it } from 'vitest';
import { downloadUrlOf, pdfSourceOf } from './pdf-source.ts';

const source = (query: string) => pdfSourceOf(new URLSearchParams(query));

describe('pdfSourceOf', () => {
  it('takes a stored file name or a URL of this site’s file service', () => {
    expect(source('file=abc.pdf')).toEqual({ kind: 'file', fileName: 'abc.pdf' });
    const signed = '/xinao/api/common/file/abc.pdf?appId=xinao-web&timestamp=1&signature=ff';
    expect(source(`url=${encodeURIComponent(signed)}`)).toEqual({ kind: 'url', url: signed });
    expect(source('')).toEqual({ kind: 'none' });
  });

  it('refuses other sites, other paths and traversal', () => {
    for (const url of [
      'https://evil.example/a.pdf',
      '//evil.example/xinao/api/common/file/a.pdf',
      '/xinao/api/common/file/../../secret.pdf',
      '/xinao/api/loginByPwd',
      '/xinao/api/common/file/a.png',
    ]) {
      expect(source(`url=${encodeURIComponent(url)}`)).toEqual({ kind: 'badUrl' });
    }
    expect(source('file=../a.pdf')).toEqual({ kind: 'badFile' });
  });

  it('asks for an attachment by adding download=1', () => {
    expect(downloadUrlOf('/f/a.pdf')).toBe('/f/a.pdf?download=1');
    expect(downloadUrlOf('/f/a.pdf?x=1')).toBe('/f/a.pdf?x=1&download=1');
  });
});
