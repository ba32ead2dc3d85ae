"""Double backpropagation (Drucker & LeCun) on tram door-cycle logs: penalise the input gradient of
the classification loss so small sensor glitches do not flip the diagnosis."""
import torch
import torch.nn.functional as F

from config import SETTINGS as S
from data import make_batch
from models import DoorCycleNet


def class_nll(logits, y):
    logp = F.log_softmax(logits, dim=1)
    return -torch.gather(logp, 1, y[:, None]).mean()


@torch.no_grad()
def evaluate(model, gen):
    x, lengths, bias, y = make_batch(24, gen, S["n_channels"])
    logits = model(x, lengths, bias)
    return F.cross_entropy(logits, y).item(), (logits.argmax(1) == y).float().mean().item()


def main():
    torch.manual_seed(S["seed"])
    gen = torch.Generator().manual_seed(S["seed"])
    model = DoorCycleNet(S["n_channels"], S["hidden"], len(S["classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=S["lr"])
    for step in range(S["steps"]):
        x, lengths, bias, y = make_batch(S["batch"], gen, S["n_channels"])
        x.requires_grad_(True)
        loss = class_nll(model(x, lengths, bias), y)
        (gx,) = torch.autograd.grad(loss, x, create_graph=True)
        penalty = gx.pow(2).sum(dim=(1, 2)).mean()
        opt.zero_grad()
        (loss + S["double_backprop"] * penalty).backward()
        assert model.rnn.weight_hh_l0.grad is not None and model.rnn.weight_hh_l0.grad.abs().sum() > 0
        opt.step()
        val_ce, val_acc = evaluate(model, gen)
        print(f"step {step}: nll {loss.item():.4f} pen {penalty.item():.6f} val ce {val_ce:.4f} acc {val_acc:.2f}")


if __name__ == "__main__":
    main()
