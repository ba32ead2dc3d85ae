import torch

import hparams
from meta import lookahead_weight_step, task_losses
from model import SonarNet


def sonar_batch(n):
    depth = torch.rand(n) * 5
    t = torch.linspace(0, 1, hparams.PING_LEN)
    echo = torch.exp(-((t - depth[:, None] / 5) ** 2) / 0.01)
    obstacle = (torch.rand(n) > 0.5).float()
    pings = echo + 0.5 * obstacle[:, None] * torch.exp(-((t - 0.3) ** 2) / 0.002) + 0.05 * torch.randn(n, hparams.PING_LEN)
    return {"pings": pings.unsqueeze(1), "depth": depth, "obstacle": obstacle}


def main():
    torch.manual_seed(15)
    model = SonarNet()
    log_w = torch.zeros(len(hparams.HEAD_KEYS), requires_grad=True)
    w_opt = torch.optim.Adam([log_w], lr=hparams.WEIGHT_LR)
    opt = torch.optim.Adam(model.parameters(), lr=hparams.MODEL_LR)
    for step in range(hparams.STEPS):
        val = lookahead_weight_step(model, log_w, w_opt, sonar_batch(hparams.BATCH), sonar_batch(hparams.BATCH))
        batch = sonar_batch(hparams.BATCH)
        losses = task_losses(model(batch["pings"]), batch)
        w = torch.softmax(log_w.detach(), 0)
        loss = sum(w[i] * losses[k] for i, k in enumerate(hparams.HEAD_KEYS))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: val={val:.3f} weights={w.tolist()}")


if __name__ == "__main__":
    main()
