import torch
import torch.nn.functional as F

from config import hp
from models import FiringCurveNet
from regularizers import curvature_penalty


def main():
    torch.manual_seed(0)
    model = FiringCurveNet(hp.model["width"])
    opt = torch.optim.Adam(model.parameters(), lr=hp.train["lr"])
    for step in range(hp.train["steps"]):
        x, y = torch.rand(hp.train["batch"], 3), torch.rand(hp.train["batch"], 1)
        loss = F.mse_loss(model(x), y)
        if hp.reg["curvature"] and hp.reg["weight"] > 0:
            loss = loss + hp.reg["weight"] * curvature_penalty(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
