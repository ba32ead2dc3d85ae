import math

import torch

from config import CONFIG
from maml import adapt, meta_gradient, query_loss
from nets import ExoTorqueNet


def wearer_task(d, gen):
    """One wearer: torque = gain * (EMG envelope) * cos(phase - offset) + stiffness * knee angle proxy."""
    gain, offset, stiff = 1 + torch.rand(3, generator=gen) * torch.tensor([1.0, math.pi, 0.5])
    n = d["support"] + d["query"]
    phase = 2 * math.pi * torch.rand(n, 1, generator=gen)
    emg = torch.randn(n, d["emg_ch"], d["emg_len"], generator=gen) * (1 + torch.cos(phase)).unsqueeze(-1)
    imu = torch.randn(n, d["imu_dim"], generator=gen)
    torque = gain * emg.pow(2).mean((1, 2)).sqrt() * torch.cos(phase - offset).squeeze(-1) + stiff * imu[:, 0]
    s, q = slice(0, d["support"]), slice(d["support"], n)
    return (emg[s], imu[s], phase[s], torque[s]), (emg[q], imu[q], phase[q], torque[q])


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    d, m = CONFIG["data"], CONFIG["meta"]
    net = ExoTorqueNet(d["emg_ch"], d["emg_len"], d["imu_dim"], **CONFIG["net"])
    opt = torch.optim.Adam(net.parameters(), lr=m["meta_lr"])
    for it in range(m["iterations"]):
        tasks = [wearer_task(d, gen) for _ in range(m["meta_batch"])]
        meta_g = meta_gradient(net, tasks, m)
        for name, p in net.named_parameters():
            p.grad = meta_g[name]
        opt.step()
        with torch.no_grad():
            params = dict(net.named_parameters())
            s, q = wearer_task(d, gen)
            before = query_loss(net, params, q).item()
        after = query_loss(net, adapt(net, {k: v.detach() for k, v in params.items()}, s, m), q).item()
        print(f"iter {it} held-out wearer query loss {before:.4f} -> {after:.4f} after adaptation")


if __name__ == "__main__":
    main()
