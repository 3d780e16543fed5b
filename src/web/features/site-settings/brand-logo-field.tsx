import { useImageUpload } from '../../lib/upload-image.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUploadButton, ImageUploadStatus } from '../../ui/image-upload-button.tsx';

/**
 * The brand's logo: a preview, an upload button and Remove. The favicon, the home-screen icons and the share
 * cards show it once the settings are saved; without one they show the brand's initial.
 */
export function BrandLogoField({
  logo,
  brandName,
  onChange,
  error,
}: {
  logo: string;
  brandName: string;
  onChange: (logo: string) => void;
  error?: string | undefined;
}) {
  const { upload, uploading, error: uploadError } = useImageUpload();
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-700">Brand logo</legend>
      <div className="flex flex-wrap items-center gap-3">
        {logo ? (
          <img
            src={logo}
            alt={`${brandName} logo`}
            className="size-16 rounded-lg border border-slate-200 bg-white object-contain p-1"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-600">
            No logo
          </span>
        )}
        <ImageUploadButton
          label={logo ? 'Replace logo' : 'Upload logo'}
          disabled={uploading !== null}
          onFile={(file) =>
            void upload(file).then((uploaded) => {
              if (uploaded) onChange(uploaded.url);
            })
          }
        />
        {logo && (
          <Button variant="ghost" onClick={() => onChange('')}>
            Remove logo
          </Button>
        )}
      </div>
      <ImageUploadStatus uploading={uploading} error={uploadError} />
      <p className="text-xs text-slate-600">
        A square image works best. Used for the favicon, the home-screen icon and the pictures shown when a
        page is shared, once you save. Without a logo they show the brand’s first letter.
      </p>
      {error && <p className="text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}
