import torch
import torch.nn as nn

from hessian import allocate_bits, layer_hessian_traces
from models import MODELS, Replicated


def main(arch="plankton_s"):
    model = Replicated(MODELS[arch](n_classes=10))
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(2):
        x, y = torch.randn(8, 1, 16, 16), torch.randint(0, 10, (8,))
        opt.zero_grad()
        criterion(model(x), y).backward()
        opt.step()

    model.eval()
    calib_x, calib_y = torch.randn(8, 1, 16, 16), torch.randint(0, 10, (8,))
    traces = layer_hessian_traces(model.module, calib_x, calib_y)
    print(allocate_bits(traces))


if __name__ == "__main__":
    main()
