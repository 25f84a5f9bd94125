import { createFileRoute } from '@tanstack/react-router';
import { $listRepositories } from '../data/repositories';

export const Route = createFileRoute('/repositories')({
  loader: () => $listRepositories(),
  component: Repositories,
});

/** The same 20 rows as the product's list: name (a link), link, description, date. */
function Repositories() {
  const { items, total } = Route.useLoaderData();
  return (
    <main>
      <h1>Repositories</h1>
      <p>{total} repositories</p>
      <table data-rows={items.length}>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <a href={`/repositories/${item.id}`}>{item.name}</a>
              </td>
              <td>{item.link}</td>
              <td>{item.description}</td>
              <td>{new Date(item.createdAt).toLocaleDateString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
