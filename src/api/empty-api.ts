import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/** The empty API that the generated endpoints (src/api/generated) are injected into. */
export const emptyApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
