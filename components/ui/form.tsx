import type { ComponentProps } from "react";

/**
 * The console's form for a submit that script handles (`onSubmit` calls an action). Sent before
 * the page's scripts have run — a slow connection, Enter pressed early — a form without a method
 * goes out as GET with every field in the address: a first password, an API key or a code in the
 * browser's history and the server's logs. `method="post"` sends them in the body instead, to the
 * page itself, which answers with the page again; the person types once more, nothing leaks
 * (docs/console.md, "Forms"). `noValidate`: the console's own checks name the field and the rule.
 * Forms meant to put their fields in the address (filters) say `method="get"`; forms whose action
 * is a server action (`action={…}`) are sent by React either way.
 */
export function Form(props: Omit<ComponentProps<"form">, "method">) {
  return <form method="post" noValidate {...props} />;
}
