/** What other features may use of companies: the company picker of the admin's invoice and message forms. */
export { CompanySelect } from "./components/admin/company-select";
