/**
 * A chosen photo's preview before it is sent (the product form's photo, a return request's).
 */
import { useEffect, useState } from 'react';

/**
 * An object URL for `file`, revoked when the file changes or the component goes away; null
 * until the URL made for this very file exists (for one render after a change the state still
 * holds the previous file's URL, which must not be shown under the new file's name).
 */
export function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}
