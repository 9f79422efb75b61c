// The Meridian mark beside the product name in every header.
export function BrandMark() {
  return (
    <span className="brand-mark" aria-hidden="true">
      M
    </span>
  );
}
