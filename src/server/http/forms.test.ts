import { describe, expect, it } from 'vitest';
import { formUnreadable, readForm } from './forms';

const post = (body: BodyInit, type: string) =>
  new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': type } });

describe('readForm', () => {
  it('reads text fields, the intent and the names sent once', async () => {
    const form = await readForm(post('intent=name&name=Rina&kotak=on', 'application/x-www-form-urlencoded'));
    expect(form?.intent).toBe('name');
    expect(form?.text('name')).toBe('Rina');
    expect(form?.text('absent')).toBe('');
    expect(form?.values()).toEqual({ intent: 'name', name: 'Rina', kotak: 'on' });
    expect([...form!.names()]).toEqual(['intent', 'name', 'kotak']);
  });

  it('gives a file only when it has content', async () => {
    const data = new FormData();
    data.set('file', new File(['a,b\n'], 'x.csv'));
    data.set('empty', new File([], 'y.csv'));
    const form = await readForm(new Request('http://localhost/x', { method: 'POST', body: data }));
    expect(await form?.file('file')?.text()).toBe('a,b\n');
    expect(form?.file('empty')).toBeNull();
    expect(form?.text('file')).toBe('');
    expect(form?.values()).toEqual({});
  });

  it('is null for a body that is not a readable form, answered with an Indonesian 400', async () => {
    expect(await readForm(post('--x\r\nrusak', 'multipart/form-data; boundary=y'))).toBeNull();
    const res = formUnreadable();
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Isi formulir tidak dapat dibaca');
  });
});
