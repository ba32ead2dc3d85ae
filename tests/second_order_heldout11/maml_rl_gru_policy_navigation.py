# MAML-RL (Finn et al. 2017) on 2-D point navigation with a recurrent (GRU) policy.
# Inner step: REINFORCE with create_graph; outer step: REINFORCE on post-adaptation rollouts.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class RecurrentPolicy(nn.Module):
    def __init__(self, obs_dim=4, hidden=32, n_actions=5):
        super().__init__()
        self.rnn = nn.GRU(obs_dim, hidden, batch_first=True)
        self.head = nn.Linear(hidden, n_actions)

    def forward(self, obs_seq):
        h, _ = self.rnn(obs_seq)
        return F.log_softmax(self.head(h), dim=-1)


MOVES = torch.tensor([[0.0, 0.0], [0.1, 0.0], [-0.1, 0.0], [0.0, 0.1], [0.0, -0.1]])


def rollout(policy, params, goal, horizon=8, n_traj=6):
    with torch.no_grad():
        pos = torch.zeros(n_traj, 2)
        obs, acts, rews = [], [], []
        for t in range(horizon):
            o = torch.cat([pos, goal.expand(n_traj, 2)], -1)
            logits = functional_call(policy, params, (torch.stack(obs + [o], 1),))[:, -1]
            a = torch.distributions.Categorical(logits=logits).sample()
            pos = pos + MOVES[a]
            obs.append(o); acts.append(a); rews.append(-(pos - goal).norm(dim=-1))
    obs, acts, rews = torch.stack(obs, 1), torch.stack(acts, 1), torch.stack(rews, 1)
    returns = rews.flip(1).cumsum(1).flip(1)
    return obs, acts, (returns - returns.mean()) / (returns.std() + 1e-6)


def reinforce_loss(policy, params, obs, acts, adv):
    logp = functional_call(policy, params, (obs,))
    logp_a = logp.gather(-1, acts.unsqueeze(-1)).squeeze(-1)
    return -(logp_a * adv).mean()


def adapt(policy, params, batch, inner_lr=0.1):
    loss = reinforce_loss(policy, params, *batch)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
    return {k: w - inner_lr * g for (k, w), g in zip(params.items(), grads)}


def meta_train(iters=2, tasks=3):
    policy = RecurrentPolicy()
    meta_opt = torch.optim.Adam(policy.parameters(), lr=1e-3)
    for it in range(iters):
        params = dict(policy.named_parameters())
        outer = 0.0
        for _ in range(tasks):
            goal = torch.rand(2) - 0.5
            fast = adapt(policy, params, rollout(policy, params, goal))
            outer = outer + reinforce_loss(policy, fast, *rollout(policy, fast, goal))
        meta_opt.zero_grad()
        (outer / tasks).backward()
        meta_opt.step()
        print(it, float(outer))


if __name__ == "__main__":
    meta_train()
