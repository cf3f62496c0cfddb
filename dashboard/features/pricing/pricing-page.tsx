/** /question-tracker/sheet/premium/pricing */
export default function PricingPage() {
  return <h1>Premium</h1>;
}
