/** The address of a lesson inside its course page (the brief's `/courses/{courseId}` route). */
export function lessonHref(courseId: string, slug: string): string {
  return `/courses/${encodeURIComponent(courseId)}?pelajaran=${encodeURIComponent(slug)}`;
}
