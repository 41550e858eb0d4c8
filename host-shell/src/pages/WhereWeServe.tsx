import { Link } from 'react-router-dom';
import { ContentPage } from './content';

const REGIONS = [
  { region: 'City centre and inner districts', standard: 'Same day if ordered by 14:00', express: 'Within 3 hours, 8:00 to 20:00' },
  { region: 'Suburbs and neighbouring towns', standard: 'Next working day', express: 'Same day if ordered by 12:00' },
  { region: 'Rest of the mainland', standard: '1 to 2 working days', express: 'Next working day if ordered by 15:00' },
  { region: 'Islands and remote areas', standard: '2 to 4 working days', express: 'Not available' },
];

export default function WhereWeServe() {
  return (
    <ContentPage
      title="Where we serve"
      description="Where Pharmacy & Care delivers and how fast: same-day delivery in the city, next-day in the suburbs, tracked delivery nationwide and temperature-controlled medicines."
      lead="We deliver medicines and health products nationwide, with same-day delivery close to our pharmacy."
    >
      <h2>Delivery times</h2>
      <div style={{ overflowX: 'auto' }}>
        <table>
          <caption style={{ textAlign: 'left', marginBottom: '0.5rem' }}>Delivery times by region</caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left', paddingRight: '1rem' }}>Region</th>
              <th scope="col" style={{ textAlign: 'left', paddingRight: '1rem' }}>Standard delivery</th>
              <th scope="col" style={{ textAlign: 'left' }}>Express delivery</th>
            </tr>
          </thead>
          <tbody>
            {REGIONS.map((row) => (
              <tr key={row.region}>
                <th scope="row" style={{ textAlign: 'left', paddingRight: '1rem', fontWeight: 500 }}>{row.region}</th>
                <td style={{ paddingRight: '1rem' }}>{row.standard}</td>
                <td>{row.express}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Good to know</h2>
      <ul>
        <li>Orders containing prescription medicines are dispatched once a pharmacist has checked the prescription.</li>
        <li>Medicines that must be kept cold travel in insulated packaging and are delivered only on working days.</li>
        <li>Parcels are plain, with nothing on the outside that says what is inside.</li>
        <li>Every parcel is tracked; you can follow it from <Link to="/my-orders">your orders</Link>.</li>
        <li>Some medicines need a signature on delivery, so someone aged 18 or over must be at home.</li>
      </ul>

      <h2>Collect in person</h2>
      <p>
        Prefer to pick up? Choose collection at checkout and bring the order confirmation to the pharmacy counter during
        opening hours (shown at the bottom of every page).
      </p>
    </ContentPage>
  );
}
