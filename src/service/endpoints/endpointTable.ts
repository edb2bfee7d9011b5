/**
 * The service's side of the table of endpoints: each row of src/api/endpoints.ts and the function
 * that answers it (one file per endpoint). What the rows declare (methods, token, limits,
 * parameters, heaviness) createService.ts and readPageRequest.ts read from the row itself.
 */
import type { EndpointName } from '../../api/endpoints.ts';
import { autocompleteEndpoint } from './autocompleteEndpoint.ts';
import { deleteEndpoint } from './deleteEndpoint.ts';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import { feedbackEndpoint } from './feedbackEndpoint.ts';
import { indexEndpoint } from './indexEndpoint.ts';
import type { RouteFor } from './matchRoute.ts';
import { recommendEndpoint } from './recommendEndpoint.ts';
import { searchEndpoint } from './searchEndpoint.ts';

/** Each endpoint's function, given a request to that endpoint. */
export const ENDPOINT_FUNCTIONS: {
  [N in EndpointName]: (ctx: EndpointContext, request: EndpointRequest<RouteFor<N>>) => Promise<unknown>;
} = {
  index: indexEndpoint,
  delete: deleteEndpoint,
  search: searchEndpoint,
  autocomplete: autocompleteEndpoint,
  recommend: recommendEndpoint,
  autocompleteFeedback: feedbackEndpoint,
  recommendFeedback: feedbackEndpoint,
};
