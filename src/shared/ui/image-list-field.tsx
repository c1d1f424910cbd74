import { useIntl } from 'react-intl';
import { ImageUpload, type ImageUploadProps } from './image-upload';
import './image-list-field.css';

export interface ImageListFieldProps {
  /** URLs of the uploaded images. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** Sends one file (api/upload.ts useImageUpload); passed in because shared/ never imports the API. */
  upload: ImageUploadProps['upload'];
  max: number;
  /** Translation id of a picture's label, with {index} (e.g. 'Proof 2'). */
  itemLabel: string;
  /** Translation id of a form error, shown under the first empty picker. */
  error?: string;
  onBlur?: () => void;
}

/**
 * Several images, each through shared/ui/image-upload: the uploaded ones (removable) and one picker
 * for the next, up to `max`. Each slot is keyed by its URL, so a removal never leaves a stale preview.
 */
export function ImageListField({ value, onChange, upload, max, itemLabel, error, onBlur }: ImageListFieldProps) {
  const intl = useIntl();
  const label = (index: number) => intl.formatMessage({ id: itemLabel }, { index: index + 1 });
  return (
    <div className="image-list">
      {value.map((url, index) => (
        <ImageUpload
          key={`${index}:${url}`}
          label={label(index)}
          value={url}
          upload={upload}
          onChange={(next) =>
            onChange(next ? value.map((item, i) => (i === index ? next : item)) : value.filter((_, i) => i !== index))
          }
        />
      ))}
      {value.length < max && (
        <ImageUpload
          key={`next:${value.length}`}
          label={label(value.length)}
          value=""
          upload={upload}
          error={error}
          onBlur={onBlur}
          onChange={(url) => {
            if (url) onChange([...value, url]);
          }}
        />
      )}
    </div>
  );
}
