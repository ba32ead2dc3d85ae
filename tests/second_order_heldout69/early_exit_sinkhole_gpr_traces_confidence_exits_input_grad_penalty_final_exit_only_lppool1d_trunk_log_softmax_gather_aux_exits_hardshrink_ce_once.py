"""Early-exit classifier for ground-penetrating-radar traces over karst (intact / void / collapsed / water).

Three exits: two cheap auxiliary exits after stage 1 and stage 2, and the final exit.  At inference a trace
leaves at the first exit whose softmax confidence passes the threshold.  Training: deep supervision on all
exits plus an input-gradient (saliency smoothness) penalty on the final exit's true-class log-probability.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("gpr")
N_CLASSES = 4


class AuxExit(nn.Module):
    def __init__(self, channels, n_classes=N_CLASSES):
        super().__init__()
        self.shrink = nn.Hardshrink(0.05)
        self.fc = nn.Linear(channels, n_classes)

    def forward(self, h):
        return self.fc(self.shrink(h.mean(dim=-1)))


class FinalExit(nn.Module):
    def __init__(self, channels, n_classes=N_CLASSES):
        super().__init__()
        self.fc1 = nn.Linear(channels, channels)
        self.fc2 = nn.Linear(channels, n_classes)

    def forward(self, h):
        return self.fc2(torch.tanh(self.fc1(h.mean(dim=-1))))


class EarlyExitGPRNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.stage1 = nn.Sequential(nn.Conv1d(1, ch, 9, padding=4), nn.BatchNorm1d(ch), nn.ReLU())
        self.stage2 = nn.Sequential(nn.Conv1d(ch, ch, 5, padding=2), nn.Softplus(), nn.LPPool1d(2, kernel_size=2))
        self.stage3 = nn.Sequential(nn.Conv1d(ch, ch, 5, padding=2), nn.ReLU())
        self.exits = nn.ModuleList([AuxExit(ch), AuxExit(ch), FinalExit(ch)])
        self.stages = [self.stage1, self.stage2, self.stage3]

    def forward(self, x, threshold=None):
        """Training (threshold None): logits of every exit.  Inference: (logits, exit index) of the first
        confident exit."""
        outs = []
        h = x
        for k, (stage, head) in enumerate(zip(self.stages, self.exits)):
            h = stage(h)
            logits = head(h)
            if threshold is not None and k < len(self.exits) - 1:
                if logits.softmax(-1).max(-1).values.min() > threshold:
                    return logits, k
            outs.append(logits)
        if threshold is not None:
            return outs[-1], len(self.exits) - 1
        return outs


def radar_traces(n, length=128):
    y = torch.randint(0, N_CLASSES, (n,))
    t = torch.arange(length).float()
    x = 0.05 * torch.randn(n, 1, length)
    depth = 30 + 10 * torch.rand(n)
    hyper = torch.exp(-((t[None] - depth[:, None]) ** 2) / 20.0)
    x[:, 0] += hyper * torch.where(y == 1, -1.0, 1.0)[:, None]
    x[y == 2, 0, 40:] *= 0.3
    x[y == 3, 0] += 0.4 * torch.sin(t / 3.0)
    return x, y


def saliency_penalty(model, x, y):
    """|| d log p_final(y|x) / dx ||^2 on the final exit only."""
    x = x.clone().requires_grad_(True)
    final_logits = model(x)[-1]
    logp = F.log_softmax(final_logits, dim=-1)
    true_logp = logp.gather(1, y[:, None]).sum()
    (gx,) = torch.autograd.grad(true_logp, x, create_graph=True)
    return gx.pow(2).sum(dim=(1, 2)).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--exit-weights", type=float, nargs=3, default=[0.3, 0.3, 1.0])
    ap.add_argument("--saliency-weight", type=float, default=0.1)
    ap.add_argument("--threshold", type=float, default=0.9)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = EarlyExitGPRNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        x, y = radar_traces(args.batch)
        exit_logits = model(x)
        sup = sum(w * F.cross_entropy(lg, y) for w, lg in zip(args.exit_weights, exit_logits))
        pen = saliency_penalty(model, x, y)
        loss = sup + args.saliency_weight * pen
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert model.stage1[0].weight.grad.abs().sum() > 0
        opt.step()
        logger.info("step %d sup %.4f saliency %.5f", step, sup.item(), pen.item())

    model.eval()
    with torch.no_grad():
        xs, ys = radar_traces(32)
        used = [model(xs[i:i + 1], threshold=args.threshold)[1] for i in range(8)]
    logger.info("exits used at inference: %s", used)


if __name__ == "__main__":
    main()
