import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { operatorCustomerId } from "@/lib/contract/operator-customer-id";

export { checkCustomerId, operatorCustomerId };
