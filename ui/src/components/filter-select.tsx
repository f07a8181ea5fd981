import { Col, Select, Typography } from 'antd';

/** A filter's label above its control, as the filter bars show them. */
export const FilterLabel = ({ children }: { children: string }) => (
  <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
    {children}
  </Typography.Text>
);

/** One labelled filter in a filter bar's Row: its first option means 'all'. */
export function FilterSelect(props: { label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[]; showSearch?: boolean }) {
  return (
    <Col xs={24} sm={8} lg={6}>
      <FilterLabel>{props.label}</FilterLabel>
      <Select aria-label={props.label} style={{ width: '100%' }} value={props.value} onChange={props.onChange} showSearch={props.showSearch} options={props.options} />
    </Col>
  );
}
