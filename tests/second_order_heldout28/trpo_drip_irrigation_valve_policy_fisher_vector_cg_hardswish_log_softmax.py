"""TRPO for a toy drip-irrigation valve controller.

State: soil moisture at 3 depths, evapotranspiration forecast, hour-of-day (sin, cos).
Actions: keep valve closed / open 10 min / open 30 min.
Natural-gradient step via conjugate gradient on Fisher-vector products of the mean KL.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

STATE_DIM, N_ACTIONS = 6, 3


class ValvePolicy(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(STATE_DIM, hidden),
            nn.Hardswish(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
        )
        self.logits = nn.Linear(hidden, N_ACTIONS)

    def log_probs(self, states):
        return F.log_softmax(self.logits(self.body(states)), dim=-1)


class ValueNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(STATE_DIM, hidden), nn.ELU(), nn.Linear(hidden, 1))

    def forward(self, s):
        return self.net(s).squeeze(-1)


def flat_params(model):
    return torch.cat([p.data.view(-1) for p in model.parameters()])


def set_flat_params(model, flat):
    i = 0
    for p in model.parameters():
        n = p.numel()
        p.data.copy_(flat[i:i + n].view_as(p))
        i += n


def flat_grad(y, model, **kw):
    grads = torch.autograd.grad(y, list(model.parameters()), **kw)
    return torch.cat([g.reshape(-1) for g in grads])


def mean_kl(policy, states, old_log_probs):
    new_log_probs = policy.log_probs(states)
    return (old_log_probs.exp() * (old_log_probs - new_log_probs)).sum(-1).mean()


def fisher_vector_product(policy, states, old_log_probs, v, damping=0.1):
    kl = mean_kl(policy, states, old_log_probs)
    grad_kl = flat_grad(kl, policy, create_graph=True)
    return flat_grad((grad_kl * v).sum(), policy) + damping * v


def conjugate_gradient(Avp, b, iters=8, tol=1e-10):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rr = r @ r
    for _ in range(iters):
        Ap = Avp(p)
        alpha = rr / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rr_new = r @ r
        if rr_new < tol:
            break
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x


def rollout(policy, n=128):
    states = torch.randn(n, STATE_DIM)
    with torch.no_grad():
        actions = torch.distributions.Categorical(logits=policy.log_probs(states)).sample()
    dryness = -states[:, :3].mean(1) + 0.5 * states[:, 3]
    rewards = torch.where(actions == 0, -dryness, dryness * actions.float() * 0.5) - 0.1 * actions.float()
    return states, actions, rewards


def trpo_step(policy, value, v_opt, states, actions, rewards, max_kl=0.01):
    with torch.no_grad():
        old_log_probs = policy.log_probs(states)
        adv = rewards - value(states)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)

    def surrogate():
        lp = policy.log_probs(states).gather(1, actions[:, None]).squeeze(1)
        old = old_log_probs.gather(1, actions[:, None]).squeeze(1)
        return (torch.exp(lp - old) * adv).mean()

    g = flat_grad(surrogate(), policy)
    step_dir = conjugate_gradient(lambda v: fisher_vector_product(policy, states, old_log_probs, v), g)
    shs = 0.5 * step_dir @ fisher_vector_product(policy, states, old_log_probs, step_dir)
    full_step = step_dir * torch.sqrt(2 * max_kl / (shs + 1e-8))
    old_params = flat_params(policy)
    for frac in (1.0, 0.5, 0.25):
        set_flat_params(policy, old_params + frac * full_step)
        with torch.no_grad():
            if mean_kl(policy, states, old_log_probs) <= max_kl:
                break
    else:
        set_flat_params(policy, old_params)

    v_loss = F.mse_loss(value(states), rewards)
    v_opt.zero_grad()
    v_loss.backward()
    v_opt.step()
    return v_loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    policy, value = ValvePolicy(), ValueNet()
    v_opt = torch.optim.Adam(value.parameters(), lr=3e-3)
    for it in range(3):
        batch = rollout(policy)
        v_loss = trpo_step(policy, value, v_opt, *batch)
        print(f"iter {it} mean reward {batch[2].mean().item():.3f} value loss {v_loss:.3f}")
