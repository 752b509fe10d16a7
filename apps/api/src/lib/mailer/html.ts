/** Text that goes into an HTML mail: anything a user typed is escaped first. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
