/** Numbers with a caption under each, three to a row (five as three and two wider ones). */
export function StatGrid({ stats }: { stats: Array<{ label: string; value: number; testId?: string }> }) {
  return (
    <section className="stats">
      {stats.map((stat) => (
        <div className="stat" key={stat.label} data-testid={stat.testId}>
          <span className="stat__value">{stat.value}</span>
          <span className="stat__label">{stat.label}</span>
        </div>
      ))}
    </section>
  );
}
