"""Fit the outlet-temperature surrogate to (synthetic) PLC logs."""
import torch

from config import CFG
from nets import OutletTempNet
from steps import LOSSES, heating_rate, make_step


def plc_logs(n, gen):
    t = torch.rand(n, 1, generator=gen)                      # normalised time since start-up
    flow = 0.5 + 0.5 * torch.rand(n, 1, generator=gen)
    steam = 0.3 + 0.7 * torch.rand(n, 1, generator=gen)
    inlet = 0.2 * torch.rand(n, 1, generator=gen)
    tau = 0.15 * flow / steam
    T = 4 + 70 * inlet + 70 * steam * (1 - torch.exp(-t / tau))
    rate = 70 * steam * torch.exp(-t / tau) / tau
    return {"t": t, "u": torch.cat([flow, steam, inlet], -1), "T": T.squeeze(-1), "rate": rate.squeeze(-1)}


def main():
    gen = torch.Generator().manual_seed(CFG["seed"])
    model = OutletTempNet(CFG["widths"], CFG["act"], CFG["norm"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    step = make_step(model, opt, LOSSES[CFG["loss"]], order=CFG["order"], lam=CFG["lam_rate"])
    for i in range(CFG["steps"]):
        print(f"step {i} loss {step(plc_logs(CFG['batch'], gen)):.4f}")

    model.eval()
    check = plc_logs(16, gen)
    with torch.no_grad():
        below = (model(check["t"], check["u"]) < CFG["hold_temp"]).float().mean().item()
    rate = heating_rate(model, check["t"], check["u"])
    print(f"fraction below hold temperature {below:.2f}; mean predicted heating rate {rate.mean().item():.2f}")


if __name__ == "__main__":
    main()
