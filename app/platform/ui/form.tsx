import { forwardRef } from "react";
import { Form as RouterForm, type FormProps } from "react-router";
import { ON_SERVER, plainPath } from "~/platform/ui/server-drawn";

/**
 * React Router's Form, drawn on the server as the <form> it would draw there when its `action` is an
 * address from the site's root (docs/decisions/048-links-drawn-plain-on-the-server.md): the router's
 * Form resolves that address against the route tree for every form on the page. A form without an
 * explicit address, and every form in the browser, is the router's own.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  if (!ON_SERVER || plainPath(props.action) === null || props.relative || props.discover === "none") return <RouterForm {...props} ref={ref} />;
  const {
    discover: _discover, fetcherKey: _fetcherKey, navigate: _navigate, reloadDocument: _reloadDocument, replace: _replace, state: _state,
    method = "get", action, onSubmit: _onSubmit, relative: _relative, preventScrollReset: _preventScrollReset, viewTransition: _viewTransition,
    defaultShouldRevalidate: _revalidate, ...rest
  } = props;
  return <form method={method.toLowerCase() === "get" ? "get" : "post"} action={action} {...rest} data-discover="true" />;
});
