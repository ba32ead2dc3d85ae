import torch
import torch.nn as nn

from meta import MetaConfig, adapt, reinforce_loss
from policy import build_policy, policy_logits


class ActorView(nn.Module):
    def __init__(self, policy):
        super().__init__()
        self.policy = policy

    def forward(self, obs):
        return policy_logits(self.policy, obs)


def rollout(n=16, obs_dim=6):
    return torch.randn(n, obs_dim), torch.randint(0, 4, (n,)), torch.randn(n)


def main(iters=2):
    cfg = MetaConfig(inner_lr=0.05, second_order=True)
    policy = build_policy()
    actor = ActorView(policy)
    opt = torch.optim.Adam(policy.parameters(), lr=3e-4)
    for it in range(iters):
        opt.zero_grad()
        for task in range(2):
            params = {n: p for n, p in actor.named_parameters() if ".v." not in n}
            fast = adapt(actor, params, rollout(), cfg)
            reinforce_loss(actor, fast, *rollout()).backward()
        obs, _, ret = rollout()
        value_loss = ((policy["v"](policy["enc"](obs)).squeeze(1) - ret) ** 2).mean()
        value_loss.backward()
        opt.step()
        print(it, value_loss.item())


if __name__ == "__main__":
    main()
