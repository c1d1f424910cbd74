import { array, object, string } from 'yup';
import { lazySchema } from '../../src/shared/lib/lazy-schema';
import { loginSchema, type LoginValues } from '../../src/features/account/schemas/login.schema';

describe('lazySchema', () => {
  it('reports the same errors as the schema itself, once its code is loaded', async () => {
    const validation = lazySchema<LoginValues>(() => Promise.resolve(loginSchema));
    expect(await validation.validate({ account: '  ', password: '' })).toEqual({
      account: 'validation.loginRequired',
      password: 'validation.loginRequired',
    });
    expect(await validation.validate({ account: 'demo', password: 'demo123' })).toEqual({});
  });

  it('gives nested fields the shape Formik reads', async () => {
    const schema = object({ lines: array(object({ name: string().required('validation.required') })) });
    const validation = lazySchema<{ lines: { name: string }[] }>(() => Promise.resolve(schema));
    expect(await validation.validate({ lines: [{ name: 'a' }, { name: '' }] })).toEqual({
      lines: [undefined, { name: 'validation.required' }],
    });
  });

  it('loads the code once however often it validates or preloads', async () => {
    let loads = 0;
    const validation = lazySchema<LoginValues>(() => {
      loads += 1;
      return Promise.resolve(loginSchema);
    });
    validation.preload();
    validation.preload();
    await validation.validate({ account: 'a', password: 'b' });
    await validation.validate({ account: '', password: '' });
    expect(loads).toBe(1);
  });

  it('lets the form through when the code cannot be loaded, and tries again next time', async () => {
    let attempts = 0;
    const validation = lazySchema<LoginValues>(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve(loginSchema);
    });
    validation.preload();
    expect(await validation.validate({ account: '', password: '' })).toEqual({});
    expect(await validation.validate({ account: '', password: '' })).toEqual({
      account: 'validation.loginRequired',
      password: 'validation.loginRequired',
    });
    expect(attempts).toBe(2);
  });
});
