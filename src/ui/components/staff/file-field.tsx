import { Button } from '@blueprintjs/core';
import type { FilePurpose } from '../../../contract/file/purpose.ts';
import { FileUploadButton } from '../files/FileUploadButton.tsx';
import type { StaffField } from './StaffForm.tsx';

/**
 * A form field holding one uploaded file's name: what is stored now (or `empty`), an upload
 * button that replaces it, and a button that clears it.
 */
export function fileField(field: {
  name: string;
  label: string;
  purpose: FilePurpose;
  accept: string;
  empty: string;
  upload: string;
  remove: string;
}): StaffField {
  return {
    name: field.name,
    label: field.label,
    kind: 'custom',
    render: (value, set) => (
      <div className="xa-chapter-material">
        <span className="xa-muted">{value || field.empty}</span>
        <FileUploadButton
          purpose={field.purpose}
          accept={field.accept}
          label={field.upload}
          onUploaded={(file) => set(file.fileName)}
        />
        {value && (
          <Button size="small" variant="minimal" text={field.remove} onClick={() => set('')} />
        )}
      </div>
    ),
  };
}
