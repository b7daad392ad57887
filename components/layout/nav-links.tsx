"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavLinksProps {
  links: { href: string; label: string }[];
}

/** The console's sections; the current one is marked for screen readers and the eye. */
export function NavLinks({ links }: NavLinksProps) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap gap-1 text-sm">
      {links.map(({ href, label }) => {
        const current = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={current ? "page" : undefined}
              className={`block rounded-md px-3 py-1.5 ${
                current
                  ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
                  : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
              }`}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
