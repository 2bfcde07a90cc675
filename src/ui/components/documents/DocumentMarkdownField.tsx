import { useTranslation } from 'react-i18next';
import { FileUploadButton } from '../files/FileUploadButton.tsx';
import { MarkdownEditor } from '../site/MarkdownEditor.tsx';

/** The text with an image line appended (its name as the alt text, brackets dropped). */
export const withImage = (text: string, name: string, url: string): string =>
  `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}![${name.replace(/[[\]]/g, '')}](${url})\n`;

/**
 * A document's Markdown beside its preview, with an image upload whose `![](url)` is appended
 * where the text ends: a public article image for staff, a note picture for learners (capped a
 * day, contract/file/purpose.ts).
 */
export function DocumentMarkdownField({
  id,
  value,
  onChange,
  imagePurpose,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  imagePurpose: 'articleImage' | 'noteImage';
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="xa-document-editor-upload">
        <FileUploadButton
          purpose={imagePurpose}
          label={t('documents.insertImage')}
          onUploaded={(file) => onChange(withImage(value, file.originalName, file.url))}
        />
        <span className="xa-muted">{t('documents.insertImageHint')}</span>
      </div>
      <MarkdownEditor id={id} value={value} onChange={onChange} />
    </div>
  );
}
