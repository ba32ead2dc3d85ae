import torch
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

import config
from model import TapClassifier
from regularizers import REGULARIZERS, reflect_pad_pre_hook


def tap_recordings(n):
    y = torch.randint(0, len(config.CLASSES), (n,))
    t = torch.linspace(0, 1, config.SIGNAL_LEN)
    decay = torch.tensor([30.0, 8.0, 15.0])[y][:, None]
    freq = torch.tensor([40.0, 18.0, 25.0])[y][:, None]
    x = torch.exp(-decay * t) * torch.sin(2 * torch.pi * freq * t) + 0.05 * torch.randn(n, config.SIGNAL_LEN)
    return x[:, None], y


def main():
    torch.manual_seed(14)
    model = TapClassifier(len(config.CLASSES), **config.MODEL)
    model.stem.register_forward_pre_hook(reflect_pad_pre_hook(config.HOOKS["edge_pad"]))
    swa = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(config.TRAIN["swa_decay"]))
    opt = torch.optim.Adam(model.parameters(), lr=config.TRAIN["lr"])
    reg = REGULARIZERS[config.REG["name"]]
    for step in range(config.TRAIN["steps"]):
        opt.zero_grad()
        for _ in range(config.TRAIN["accum"]):
            x, y = tap_recordings(config.TRAIN["micro_batch"])
            need_grad = config.REG["name"] == "autograd"
            x.requires_grad_(need_grad)
            logits = model(x)
            loss = F.cross_entropy(logits, y) + config.REG["weight"] * reg(model, x, logits, config.REG["eps"])
            (loss / config.TRAIN["accum"]).backward()
        opt.step()
        swa.update_parameters(model)
        with torch.no_grad():
            swa.eval()
            xv, yv = tap_recordings(12)
            acc = (swa(xv).argmax(-1) == yv).float().mean().item()
        print(f"step {step} loss {loss.item():.4f} swa_acc {acc:.2f}")


if __name__ == "__main__":
    main()
