import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { brandName } from "@/web/lib/brand";

/** A card's title with its description, and optionally a small line between the brand and the title. */
interface Titled {
  above?: ReactNode;
  title: ReactNode;
  description: ReactNode;
}

/** A heading of the page's own making (a record's name, a question), spaced from the brand. */
interface Headed {
  heading: ReactNode;
}

/**
 * A page outside the app's shell (sign-in, first run, a link from a mail): the brand over one card
 * in the middle of the screen.
 */
export function BrandCardPage(props: (Titled | Headed) & { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md">
        {"heading" in props ? (
          <CardHeader className="gap-4 text-center">
            <p className="text-2xl font-bold text-primary">{brandName}</p>
            {props.heading}
          </CardHeader>
        ) : (
          <CardHeader className="text-center">
            <p className="text-2xl font-bold text-primary">{brandName}</p>
            {props.above === undefined ? null : <p className="text-sm text-muted-foreground">{props.above}</p>}
            <CardTitle className="mt-4 text-xl">{props.title}</CardTitle>
            <CardDescription>{props.description}</CardDescription>
          </CardHeader>
        )}
        <CardContent>{props.children}</CardContent>
      </Card>
    </main>
  );
}
