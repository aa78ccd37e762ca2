import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import type { DbHandle } from '../../db/client';
import { exportData } from '../accounts/settings';
import { exportCourseProgress, progressByCourse, progressIn, recordLessonOpened, setLessonDone } from './progress';

const course = { courseId: 'dasar', lessons: ['apa-itu-saham', 'rekening', 'lot', 'order'] };
const other = { courseId: 'valuasi', lessons: ['harga-nilai', 'per'] };
const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 3, min));

describe('course progress', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('starts empty, at the first lesson', async () => {
    const u = await createUser(h.db);
    expect(await progressIn(h.db, u.id, course)).toEqual({
      done: [],
      total: 4,
      percent: 0,
      resume: 'apa-itu-saham',
      started: false,
      lastOpened: null,
    });
  });

  it('marks lessons done and not done, resuming where the member stopped', async () => {
    const u = await createUser(h.db);
    await setLessonDone(h.db, { userId: u.id, ...lesson('apa-itu-saham'), done: true, at: at(1) });
    await recordLessonOpened(h.db, { userId: u.id, ...lesson('rekening'), at: at(2) });
    expect(await progressIn(h.db, u.id, course)).toMatchObject({
      done: ['apa-itu-saham'],
      percent: 25,
      resume: 'rekening',
    });
    await setLessonDone(h.db, { userId: u.id, ...lesson('rekening'), done: true, at: at(3) });
    expect(await progressIn(h.db, u.id, course)).toMatchObject({ percent: 50, resume: 'lot' });
    await setLessonDone(h.db, { userId: u.id, ...lesson('apa-itu-saham'), done: false, at: at(4) });
    expect(await progressIn(h.db, u.id, course)).toMatchObject({
      done: ['rekening'],
      percent: 25,
      resume: 'apa-itu-saham',
    });
  });

  it('keeps the first completion time when a lesson is marked done twice', async () => {
    const u = await createUser(h.db);
    await setLessonDone(h.db, { userId: u.id, ...lesson('lot'), done: true, at: at(5) });
    await setLessonDone(h.db, { userId: u.id, ...lesson('lot'), done: true, at: at(9) });
    const data = await exportCourseProgress(h.db, u.id);
    expect(data.lessonsDone).toEqual([{ courseId: 'dasar', lesson: 'lot', completedAt: at(5) }]);
    expect(data.lastOpened).toEqual([{ courseId: 'dasar', lesson: 'lot', openedAt: at(9) }]);
  });

  it('is part of "Unduh data saya"', async () => {
    const u = await createUser(h.db);
    await setLessonDone(h.db, { userId: u.id, ...lesson('order'), done: true, at: at(7) });
    const data = await exportData(h.db, u.id);
    expect(data).toMatchObject({
      courses: {
        lessonsDone: [{ courseId: 'dasar', lesson: 'order' }],
        lastOpened: [{ courseId: 'dasar', lesson: 'order' }],
      },
      riskProfile: null,
    });
  });

  it('keeps each member and each course apart', async () => {
    const a = await createUser(h.db);
    const b = await createUser(h.db);
    await setLessonDone(h.db, { userId: a.id, courseId: 'valuasi', lessonSlug: 'per', done: true, at: at(1) });
    const ofA = await progressByCourse(h.db, a.id, [course, other]);
    expect(ofA.get('dasar')).toMatchObject({ percent: 0, started: false });
    expect(ofA.get('valuasi')).toMatchObject({ done: ['per'], percent: 50, resume: 'harga-nilai', started: true });
    expect((await progressByCourse(h.db, b.id, [other])).get('valuasi')).toMatchObject({ percent: 0 });
  });
});

function lesson(slug: string) {
  return { courseId: course.courseId, lessonSlug: slug };
}
