"""Off-policy training loop on a synthetic resurfacing-route buffer."""
import torch

from agent import SAC, action_grad_norm
from config import cfg


def resurfacer_buffer(n, gen):
    obs = torch.randn(n, cfg.obs_dim, generator=gen)
    act = torch.rand(n, cfg.act_dim, generator=gen) * 2 - 1
    # reward: cover unplaned ice (obs[:, 0]) while keeping the blade water flow (act[:, 1]) moderate
    rew = torch.sigmoid(obs[:, 0]) * act[:, 0] - 0.1 * act[:, 1].pow(2)
    obs2 = obs + 0.05 * torch.randn(n, cfg.obs_dim, generator=gen)
    done = (torch.rand(n, generator=gen) < 0.02).float()
    return {"obs": obs, "act": act, "rew": rew, "obs2": obs2, "done": done}


def main():
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    buf = resurfacer_buffer(cfg.buffer, gen)
    agent = SAC(cfg)
    for step in range(cfg.updates):
        idx = torch.randint(0, cfg.buffer, (cfg.batch,), generator=gen)
        lq, lpi = agent.update({k: v[idx] for k, v in buf.items()})
        if step % cfg.log_action_grad_every == 0:
            sens = action_grad_norm(agent.q1, buf["obs"][:128], buf["act"][:128])
            print(f"step {step} q-loss {lq:.4f} pi-loss {lpi:.4f} |dQ/da| {sens:.4f}")


if __name__ == "__main__":
    main()
