"""The station's device protocol: frames (:mod:`.frame`), numbers (:mod:`.codes`), payloads
(:mod:`.messages`) and the host's end of a line (:mod:`.link`)."""
