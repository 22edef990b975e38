import { forwardRef } from "react";
import { Form as RouterForm, type FormProps } from "react-router";
import { plainPath } from "~/platform/ui/server-rendered";

/**
 * React Router's Form, rendered on the server as the <form> it would render there when its `action` is an
 * address from the site's root (docs/decisions/048-links-rendered-plain-on-the-server.md): the router's
 * Form resolves that address against the route tree for every form on the page. A form without an
 * explicit address, and every form in the browser, is the router's own.
 */
const ServerForm = /* @__PURE__ */ forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  if (plainPath(props.action) === null || props.relative || props.discover === "none") return <RouterForm {...props} ref={ref} />;
  const {
    discover: _discover, fetcherKey: _fetcherKey, navigate: _navigate, reloadDocument: _reloadDocument, replace: _replace, state: _state,
    method = "get", action, onSubmit: _onSubmit, relative: _relative, preventScrollReset: _preventScrollReset, viewTransition: _viewTransition,
    defaultShouldRevalidate: _revalidate, ...rest
  } = props;
  return <form method={method.toLowerCase() === "get" ? "get" : "post"} action={action} {...rest} data-discover="true" />;
});

// Vite makes import.meta.env.SSR a constant per build: the browser's bundle holds the router's Form alone.
export const Form = import.meta.env.SSR ? ServerForm : RouterForm;
