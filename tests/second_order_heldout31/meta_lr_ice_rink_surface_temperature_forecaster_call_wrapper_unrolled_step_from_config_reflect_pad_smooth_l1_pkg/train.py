import torch
from torch.func import functional_call

from config import CONFIG
from models import RinkForecaster
from unroll import UnrolledSGD


def rink_batch(n, window, channels):
    t = torch.arange(window).float()
    phase = torch.rand(n, 1, 1) * 6.28
    x = torch.sin(t / 4 + phase).repeat(1, channels, 1) + 0.05 * torch.randn(n, channels, window)
    y = x[:, 0, -1:] * 0.8 - 0.2
    return x, y


def main():
    torch.manual_seed(0)
    model = RinkForecaster.from_config(CONFIG)
    log_lr = torch.tensor(CONFIG["meta"]["init_log_lr"], requires_grad=True)
    step = UnrolledSGD(log_lr)
    meta_opt = torch.optim.Adam([log_lr], lr=CONFIG["meta"]["meta_lr"])
    tc = CONFIG["train"]
    for epoch in range(tc["epochs"]):
        params = dict(model.named_parameters())
        train_batch = rink_batch(tc["batch"], tc["window"], CONFIG["model"]["channels"])
        new_params, train_loss = step(model, params, train_batch)
        xv, yv = rink_batch(tc["batch"], tc["window"], CONFIG["model"]["channels"])
        val_loss = (functional_call(model, new_params, (xv,)) - yv).pow(2).mean()
        meta_opt.zero_grad()
        val_loss.backward()
        meta_opt.step()
        with torch.no_grad():
            for p, q in zip(model.parameters(), new_params.values()):
                p.copy_(q)
                p.grad = None
        print(epoch, f"lr={log_lr.exp().item():.4f}", f"train={train_loss.item():.4f}", f"val={val_loss.item():.4f}")


if __name__ == "__main__":
    main()
