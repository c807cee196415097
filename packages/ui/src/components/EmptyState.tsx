export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="empty-state" role="status">
      {children}
    </p>
  );
}
