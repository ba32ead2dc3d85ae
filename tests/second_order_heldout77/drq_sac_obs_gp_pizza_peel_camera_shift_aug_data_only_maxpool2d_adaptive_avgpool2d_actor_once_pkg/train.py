"""Train the DrQ agent on synthetic pizza-oven camera frames."""
import argparse

import torch

from agent import DrQAgent
from config import CONFIG


def synthetic_replay(cfg, n, gen):
    c, s = 3 * cfg["frame_stack"], cfg["image_size"]
    obs = torch.randint(0, 256, (n, c, s, s), generator=gen, dtype=torch.uint8)
    next_obs = torch.randint(0, 256, (n, c, s, s), generator=gen, dtype=torch.uint8)
    act = torch.rand(n, cfg["act_dim"], generator=gen) * 2 - 1
    # reward: peel centred under the pizza (bright blob in the middle of the frame)
    rew = obs[:, :, s // 3: 2 * s // 3, s // 3: 2 * s // 3].float().mean((1, 2, 3)) / 255.0 - act.pow(2).sum(-1) * 0.1
    return {"obs": obs, "next_obs": next_obs, "act": act, "rew": rew, "done": torch.zeros(n)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--updates", type=int, default=CONFIG["updates"])
    args = ap.parse_args()
    cfg = dict(CONFIG, updates=args.updates)
    torch.manual_seed(cfg["seed"])
    gen = torch.Generator().manual_seed(cfg["seed"])
    replay = synthetic_replay(cfg, 256, gen)
    agent = DrQAgent(cfg)
    for step in range(cfg["updates"]):
        idx = torch.randint(0, 256, (cfg["batch"],), generator=gen)
        td, gp = agent.update({k: v[idx] for k, v in replay.items()})
        print(f"update {step} td {td:.4f} obs-gp {gp:.3e}")
    conv = agent.critic.encoder.conv1.weight
    assert conv.grad is not None and conv.grad.abs().sum() > 0


if __name__ == "__main__":
    main()
