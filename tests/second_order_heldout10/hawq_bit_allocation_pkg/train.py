import torch
import torch.nn as nn

from models import MultiTaskNet, NetConfig
from sensitivity import allocate_bits, layer_hessian_traces


def fake_quant(w, bits):
    scale = w.abs().max() / (2 ** (bits - 1) - 1)
    return w + (torch.round(w / scale) * scale - w).detach()


def main():
    cfg = NetConfig(norm="group", pool="avg", tasks=("scene", "weather"))
    net = MultiTaskNet(cfg)
    wrapped = nn.DataParallel(net)
    criterion = nn.CrossEntropyLoss()
    x, y = torch.randn(8, 3, 32, 32), torch.randint(0, 10, (8,))
    traces = layer_hessian_traces(wrapped.module, criterion, x, y, "scene")
    bits = allocate_bits(traces)
    print(bits)
    opt = torch.optim.SGD(net.parameters(), lr=1e-3, momentum=0.9)
    originals = {n: p.detach().clone() for n, p in net.named_parameters() if n in bits}
    for step in range(2):
        with torch.no_grad():
            for n, p in net.named_parameters():
                if n in bits:
                    p.copy_(fake_quant(originals[n], bits[n]))
        loss = criterion(wrapped(x, "scene"), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
