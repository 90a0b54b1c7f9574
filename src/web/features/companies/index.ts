/**
 * What other features may use of companies: the company picker of the admin's invoice and message
 * forms (and, bound to a form's `companyId`, its "Company" field), and one company's name (the
 * admin inbox finds a company's conversation by it).
 */
export { CompanyField } from "./components/admin/company-field";
export { CompanySelect } from "./components/admin/company-select";
export { useCompany } from "./api/use-company";
