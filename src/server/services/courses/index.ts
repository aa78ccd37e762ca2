/** Courses: a course page's state, which lessons a member may open, and each member's progress. */
export { catalogueProgress, markLessonFor, markLessonSchema } from './lessons';
export { coursePage, markLessonFromForm } from './page';
