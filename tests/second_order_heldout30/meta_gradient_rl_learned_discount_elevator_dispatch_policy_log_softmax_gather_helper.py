"""Meta-gradient RL (Xu, van Hasselt & Silver 2018) for a toy elevator-dispatch task.

The agent learns its own discount factor gamma = sigmoid(eta): the REINFORCE update of the policy
uses returns discounted with gamma, and eta is trained by differentiating a validation policy-gradient
loss (fixed discount 0.99) through that update.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

N_FLOORS, HORIZON, N_EPISODES = 6, 12, 8
INNER_LR, META_LR, GAMMA_VAL = 0.1, 0.05, 0.99


class DispatchPolicy(nn.Module):
    """Observation: one-hot car floor + waiting-call mask -> logits over {down, stay, up}."""

    def __init__(self, n_floors, hidden=24):
        super().__init__()
        self.fc1 = nn.Linear(2 * n_floors, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.head = nn.Linear(hidden, 3)

    def forward(self, obs):
        h = torch.tanh(self.fc1(obs))
        h = torch.tanh(self.fc2(h))
        return self.head(h)


def log_prob(policy, params, obs, actions):
    logits = functional_call(policy, params, (obs,))
    logp = F.log_softmax(logits, dim=-1)
    return logp.gather(1, actions.unsqueeze(1)).squeeze(1)


def rollout(policy, params, n_episodes, gen):
    obs_l, act_l, rew_l = [], [], []
    for _ in range(n_episodes):
        floor = int(torch.randint(0, N_FLOORS, (1,), generator=gen))
        calls = (torch.rand(N_FLOORS, generator=gen) < 0.3).float()
        obs_e, act_e, rew_e = [], [], []
        for _ in range(HORIZON):
            obs = torch.cat([F.one_hot(torch.tensor(floor), N_FLOORS).float(), calls])
            with torch.no_grad():
                probs = torch.softmax(functional_call(policy, params, (obs[None],)), -1)[0]
            a = int(torch.multinomial(probs, 1, generator=gen))
            floor = min(max(floor + a - 1, 0), N_FLOORS - 1)
            r = float(calls[floor]) - 0.05 * calls.sum().item()
            calls[floor] = 0.0
            if torch.rand(1, generator=gen).item() < 0.2:
                calls[int(torch.randint(0, N_FLOORS, (1,), generator=gen))] = 1.0
            obs_e.append(obs); act_e.append(a); rew_e.append(r)
        obs_l.append(torch.stack(obs_e)); act_l.append(torch.tensor(act_e)); rew_l.append(torch.tensor(rew_e))
    return torch.stack(obs_l), torch.stack(act_l), torch.stack(rew_l)


def discounted_returns(rewards, gamma):
    out, running = [], torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        running = rewards[:, t] + gamma * running
        out.append(running)
    return torch.stack(out[::-1], dim=1)


def main():
    gen = torch.Generator().manual_seed(7)
    torch.manual_seed(7)
    policy = DispatchPolicy(N_FLOORS)
    params = {k: v.detach().clone().requires_grad_(True) for k, v in policy.named_parameters()}
    eta = torch.tensor(2.0, requires_grad=True)  # gamma = sigmoid(2.0) ~ 0.88
    meta_opt = torch.optim.Adam([eta], lr=META_LR)

    for it in range(3):
        obs, act, rew = rollout(policy, params, N_EPISODES, gen)
        ret = discounted_returns(rew, torch.sigmoid(eta))
        adv = ret - ret.mean()
        inner_loss = -(log_prob(policy, params, obs.flatten(0, 1), act.flatten()) * adv.flatten()).mean()
        grads = torch.autograd.grad(inner_loss, list(params.values()), create_graph=True)
        new_params = {k: p - INNER_LR * g for (k, p), g in zip(params.items(), grads)}

        v_obs, v_act, v_rew = rollout(policy, new_params, N_EPISODES, gen)
        v_ret = discounted_returns(v_rew, GAMMA_VAL)
        v_adv = v_ret - v_ret.mean()
        meta_loss = -(log_prob(policy, new_params, v_obs.flatten(0, 1), v_act.flatten()) * v_adv.flatten()).mean()
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()

        params = {k: v.detach().requires_grad_(True) for k, v in new_params.items()}
        print(f"iter {it}: return={rew.sum(1).mean().item():.2f} gamma={torch.sigmoid(eta).item():.3f}")


if __name__ == "__main__":
    main()
