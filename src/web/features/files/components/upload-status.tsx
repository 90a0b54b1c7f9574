/** The busy state of a batch of uploads, read out as it changes ("Uploading 2 of 3 files..."). */
export function UploadStatus({ status }: { status: string | null }) {
  return (
    <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
      {status}
    </p>
  );
}
