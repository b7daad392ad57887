// Moved into the kit; this re-export lasts until every page imports components/ui/page-header.
export { PageHeader, type PageHeaderProps } from "@/components/ui/page-header";
