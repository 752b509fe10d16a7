export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Update Product</h1>
    </section>
  );
}
