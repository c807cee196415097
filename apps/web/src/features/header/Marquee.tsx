/** The scrolling news line with the site message (pauses on hover and focus; still for reduced motion). */
export function Marquee({ message }: { message: string }) {
  if (!message.trim()) return null;
  return (
    <div className="marquee" role="region" aria-label="News">
      <span className="marquee__badge" aria-hidden="true">
        News
      </span>
      <div className="marquee__viewport" tabIndex={0}>
        <p className="marquee__text">{message}</p>
      </div>
    </div>
  );
}
