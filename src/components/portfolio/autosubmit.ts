// GET pickers (`form[data-autosubmit]`): with a script, choosing is enough; the button stays for
// browsers without one.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-autosubmit]')) {
  form.querySelector('button')?.remove();
  form.querySelector('select')?.addEventListener('change', () => form.requestSubmit());
}
