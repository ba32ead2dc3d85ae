import torch
import torch.nn.functional as F

from config import CFG
from models import PickerNet
from regularizers import input_gradnorm


def main():
    torch.manual_seed(0)
    m, reg, t = CFG["model"], CFG["reg"], CFG["train"]
    model = PickerNet(m["channels"], m["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=t["lr"])
    for step in range(t["steps"]):
        x = torch.randn(t["batch"], m["channels"], 32)
        target = torch.rand(t["batch"], 32)
        loss = F.binary_cross_entropy_with_logits(model(x), target)
        if reg["kind"] == "gradnorm":
            loss = loss + reg["lam"] * input_gradnorm(model, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
