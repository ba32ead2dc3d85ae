"""Train the crane LNN on (state, acceleration) pairs decoded from encoder logs."""
import torch
import torch.nn.functional as F

from config import CFG
from dynamics import euler_lagrange_accel, true_accel
from model import LagrangianNet


@torch.no_grad()
def decode_encoder_log(raw, window):
    """Angles / positions from a noisy encoder log, smoothed with a moving average; velocities by differences."""
    smooth = F.avg_pool1d(raw.t().unsqueeze(0), kernel_size=window, stride=1, padding=window // 2).squeeze(0).t()
    vel = torch.gradient(smooth, dim=0)[0] / 0.01
    return torch.cat([smooth, vel], dim=-1)


def make_batch(batch, gen):
    t = torch.linspace(0, 1, 64)
    raw = torch.stack([0.3 * torch.sin(3 * t), 0.4 * torch.cos(5 * t)], dim=-1)
    raw = raw + 0.01 * torch.randn(raw.shape, generator=gen)
    states = decode_encoder_log(raw, CFG["train"]["encoder_window"])
    idx = torch.randint(2, 62, (batch,), generator=gen)
    s = states[idx] + 0.05 * torch.randn(batch, 4, generator=gen)
    return s, true_accel(s, CFG["plant"])


def main():
    tcfg = CFG["train"]
    torch.manual_seed(tcfg["seed"])
    gen = torch.Generator().manual_seed(tcfg["seed"])
    net = LagrangianNet(CFG["model"])
    opt = torch.optim.AdamW(net.parameters(), lr=tcfg["lr"], weight_decay=1e-5)
    for step in range(tcfg["steps"]):
        s, acc = make_batch(tcfg["batch"], gen)
        pred = euler_lagrange_accel(net, s)
        loss = F.mse_loss(pred, acc)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 10.0)
        opt.step()
        print(f"step {step} accel mse {loss.item():.4f}")


if __name__ == "__main__":
    main()
