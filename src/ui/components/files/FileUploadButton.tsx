/**
 * Uploads one file to the file service (common/file/upload: multipart, never sealed,
 * docs/product-rules.md#requests) for a purpose, and hands the stored file to the screen. The size
 * is checked before a byte is sent; the type is the server's to judge (it reads the content, not
 * the name).
 */
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PURPOSE_RULES, acceptOf } from '../../../contract/file/purpose.ts';
import type { FilePurpose } from '../../../contract/file/purpose.ts';
import { file as fileCalls } from '../../../contract/file/refs.ts';
import { useRuntime } from '../../app/context.ts';

export type { FilePurpose };

export interface UploadedFile {
  fileName: string;
  originalName: string;
  contentType: string;
  size: number;
  /** The public URL, or a signed one that expires (private purposes). */
  url: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string }
  | { kind: 'done'; name: string }
  | { kind: 'failed'; message: string };

const MiB = 1024 * 1024;

export function FileUploadButton(props: {
  purpose: FilePurpose;
  accept?: string;
  label?: string;
  disabled?: boolean;
  onUploaded: (file: UploadedFile) => void;
}) {
  const { t } = useTranslation();
  const { transport } = useRuntime();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const rule = PURPOSE_RULES[props.purpose];

  async function upload(chosen: File) {
    const name = chosen.name;
    if (chosen.size === 0)
      return setStatus({ kind: 'failed', message: t('files.empty', { name }) });
    if (chosen.size > rule.maxBytes) {
      return setStatus({
        kind: 'failed',
        message: t('files.tooLarge', { name, max: rule.maxBytes / MiB }),
      });
    }
    setStatus({ kind: 'uploading', name });
    const form = new FormData();
    form.append('purpose', props.purpose);
    form.append('file', chosen, name);
    try {
      const stored = await transport.call(fileCalls['common.file.upload'], {
        body: form as unknown as { purpose: FilePurpose },
        skipErrorHandler: true,
      });
      setStatus({ kind: 'done', name });
      props.onUploaded(stored);
    } catch (error) {
      setStatus({
        kind: 'failed',
        message: t('files.failed', { name, message: (error as Error).message }),
      });
    }
  }

  const uploading = status.kind === 'uploading';
  return (
    <div className="xa-file-upload">
      <input
        ref={input}
        id={inputId}
        type="file"
        hidden
        accept={props.accept ?? acceptOf(props.purpose)}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so choosing the same file again after a failure uploads it again.
          event.target.value = '';
          if (chosen) void upload(chosen);
        }}
      />
      <Button
        icon={uploading ? <Spinner size={14} /> : 'upload'}
        text={props.label ?? t('files.upload')}
        disabled={props.disabled || uploading}
        onClick={() => input.current?.click()}
      />
      <span role="status" className="xa-muted xa-file-upload-status">
        {status.kind === 'uploading' && t('files.uploading', { name: status.name })}
        {status.kind === 'done' && t('files.uploaded', { name: status.name })}
      </span>
      {status.kind === 'failed' && (
        <Callout intent="danger" compact role="alert">
          {status.message}
        </Callout>
      )}
    </div>
  );
}
