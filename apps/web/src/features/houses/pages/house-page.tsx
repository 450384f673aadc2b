import { House as HouseIcon } from 'lucide-react';
import { NoHouseState } from '../../../components/no-house-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { HouseCurrencyCard } from '../../bills';
import { useMe } from '../../users';
import { WebhooksCard } from '../../webhooks';
import { useHouse } from '../api';
import { HouseDataCard } from '../components/house-data-card';
import { HouseInviteCard } from '../components/house-invite-card';
import { HouseSettingsCard } from '../components/house-settings-card';
import { LeaveCard } from '../components/leave-card';
import { MembersCard } from '../components/members-card';
import { MyAccountCard } from '../components/my-account-card';

/** The house: its details, who lives there, inviting, taking the data out, and leaving. */
export function HousePage() {
  const me = useMe();
  const houseId = me.data?.house_id ?? null;
  const house = useHouse(houseId);
  useLogError(me.error);
  useLogError(house.error);

  if (me.isPending || (houseId !== null && house.isPending)) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label={t('houses:loadingYourHouse')} className="[&_svg]:size-10" />
      </div>
    );
  }
  if (!me.data || houseId === null) {
    return (
      <div>
        <NoHouseState icon={HouseIcon} titleAs="h1" title={t('houses:notInHouseYet')} />
        {me.data && <MyAccountCard />}
      </div>
    );
  }
  if (!house.data) return <p className="text-muted">{t('houses:couldNotLoadHouse')}</p>;

  return (
    <div>
      <PageHeader
        title={house.data.house_name}
        description={t('houses:yourHouseAndThePeople')}
        className="break-words"
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-6">
          <MembersCard houseId={houseId} me={me.data.user_id} />
          <HouseSettingsCard house={house.data} />
          <HouseCurrencyCard houseId={houseId} />
          <HouseDataCard houseId={houseId} />
          <WebhooksCard />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <HouseInviteCard house={house.data} />
          <LeaveCard user={me.data} houseId={houseId} />
        </div>
      </div>
    </div>
  );
}

export { HousePage as Component };
