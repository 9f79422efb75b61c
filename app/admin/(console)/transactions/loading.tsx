export default function Loading() {
  return (
    <p role="status" aria-busy="true" className="status-line">
      Loading transactions…
    </p>
  );
}
