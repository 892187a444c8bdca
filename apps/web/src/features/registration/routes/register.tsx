/** /register (spec section 2 "Registration"): the three steps, shown when the console meta offers it. */
import { RegisterFlow } from '../components/register-flow';

export default function RegisterPage() {
  return <RegisterFlow />;
}
