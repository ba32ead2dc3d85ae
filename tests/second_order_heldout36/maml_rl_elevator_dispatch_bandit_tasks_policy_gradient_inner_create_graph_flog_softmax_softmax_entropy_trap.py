"""MAML for policy adaptation on elevator-dispatch bandit tasks (Finn et al. 2017, RL variant).

Each task is a building whose traffic pattern decides which of 4 dispatch rules pays off. The policy is
a two-layer network held as a plain list of tensors; the inner REINFORCE step keeps its graph
(create_graph=True) so the meta-gradient flows through it.
"""
import torch
import torch.nn.functional as F

N_FEAT, N_RULES = 6, 4
INNER_LR, META_LR = 0.5, 1e-2
ENTROPY_COEF = 0.01


def init_policy(hidden=16):
    w1 = (torch.randn(hidden, N_FEAT) * 0.3).requires_grad_()
    b1 = torch.zeros(hidden, requires_grad=True)
    w2 = (torch.randn(N_RULES, hidden) * 0.3).requires_grad_()
    b2 = torch.zeros(N_RULES, requires_grad=True)
    return [w1, b1, w2, b2]


def policy_logp(weights, obs):
    w1, b1, w2, b2 = weights
    h = torch.tanh(F.linear(obs, w1, b1))
    return F.log_softmax(F.linear(h, w2, b2), dim=-1)


class BuildingTask:
    def __init__(self, seed):
        g = torch.Generator().manual_seed(seed)
        self.payoff = torch.randn(N_FEAT, N_RULES, generator=g)

    def rollout(self, weights, n=32):
        obs = torch.randn(n, N_FEAT)
        logp = policy_logp(weights, obs)
        actions = torch.distributions.Categorical(logits=logp.detach()).sample()
        rewards = (obs @ self.payoff).gather(1, actions[:, None]).squeeze(1)
        return obs, actions, rewards


def reinforce_loss(weights, obs, actions, rewards):
    logp = policy_logp(weights, obs)
    adv = rewards - rewards.mean()
    chosen = (logp * F.one_hot(actions, N_RULES)).sum(-1)
    entropy = -(F.softmax(logp, dim=-1) * logp).sum(-1).mean()
    return -(chosen * adv).mean() - ENTROPY_COEF * entropy


def adapt(weights, task):
    obs, actions, rewards = task.rollout(weights)
    loss = reinforce_loss(weights, obs, actions, rewards)
    grads = torch.autograd.grad(loss, weights, create_graph=True)
    return [w - INNER_LR * g for w, g in zip(weights, grads)]


def meta_train(iters=3, tasks_per_batch=4):
    torch.manual_seed(7)
    weights = init_policy()
    meta_opt = torch.optim.Adam(weights, lr=META_LR)
    for it in range(iters):
        meta_loss = 0.0
        for t in range(tasks_per_batch):
            task = BuildingTask(seed=100 * it + t)
            fast = adapt(weights, task)
            obs, actions, rewards = task.rollout(fast)
            meta_loss = meta_loss + reinforce_loss(fast, obs, actions, rewards)
        meta_opt.zero_grad()
        (meta_loss / tasks_per_batch).backward()
        meta_opt.step()
        print(f"meta-iter {it}: {meta_loss.item() / tasks_per_batch:.4f}")


if __name__ == "__main__":
    meta_train()
